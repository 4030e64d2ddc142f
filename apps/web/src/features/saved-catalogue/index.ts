// What other features may use of saved-catalogue; everything else in the folder is its own.
export { SavedDataNotice } from './saved-data-notice';
export { embeddedAnswer, savingAnswer, useCatalogueQuery } from './use-catalogue-query';
