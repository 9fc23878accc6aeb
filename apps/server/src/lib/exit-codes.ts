/**
 * How the server process ends, for whoever supervises it (`npm start`, see scripts/supervise.mjs,
 * or systemd and the like). 0 is a stop on request; 1 is any other failure (worth a restart).
 */
export const ExitCode = {
  /** A wrong setting or another MMS already on this DATA_DIR: a restart cannot fix it. (EX_CONFIG) */
  config: 78,
  /** The embedded PostgreSQL died under the server: restart the server, whose start restarts it. (EX_TEMPFAIL) */
  databaseLost: 75,
  /** `npm run backup`/`restore` called with wrong arguments. (EX_USAGE) */
  usage: 64,
  /** `npm run restore`: the archive is damaged, hostile or from a newer MMS; nothing was written. (EX_DATAERR) */
  archiveRefused: 65,
  /** `npm run restore`: the database or the uploads already hold data, or MMS runs on them. (EX_CANTCREAT) */
  restoreTargetNotEmpty: 73,
} as const;
