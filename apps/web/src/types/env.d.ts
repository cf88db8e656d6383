interface ImportMetaEnv {
  /** Set by the browser's production build, whose modules each bring their own text (vite.config.ts, decision 0046). */
  readonly TEXT_WITH_ITS_CODE?: boolean;
}
