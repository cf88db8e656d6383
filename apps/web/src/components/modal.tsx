import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

interface ModalProps {
  titleId: string;
  descriptionId?: string;
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: role=dialog with aria-modal, named by its heading, focus moved in and kept in
 * (Tab wraps; everything else on the page is inert), and focus returned to where it was on close.
 */
export function Modal({ titleId, descriptionId, children }: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const [container] = useState(() => document.createElement('div'));

  useEffect(() => {
    document.body.appendChild(container);
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const others = [...document.body.children].filter(
      (element): element is HTMLElement =>
        element !== container && element instanceof HTMLElement && !element.inert,
    );
    others.forEach((element) => {
      element.inert = true;
    });
    dialogRef.current?.focus();
    return () => {
      others.forEach((element) => {
        element.inert = false;
      });
      container.remove();
      previous?.focus();
    };
  }, [container]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="app-modal__overlay">
      <div
        ref={dialogRef}
        className="app-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>,
    container,
  );
}
