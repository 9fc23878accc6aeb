export { MESSAGES_EN } from './messages-en.ts';
export { CODE_LABELS, knowsMessage, languageOf, renderMessage, templateShape, type MessageLanguage } from './render.ts';
export { zodMessage } from './zod-messages.ts';
