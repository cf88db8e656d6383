/** Address-style values, one per line, skipping the empty ones. */
export function Lines({ lines }: { lines: (string | undefined)[] }) {
  const present = lines.filter((line): line is string => Boolean(line));
  return (
    <>
      {present.map((line, index) => (
        <span key={`${index}-${line}`}>
          {line}
          {index < present.length - 1 && <br />}
        </span>
      ))}
    </>
  );
}
