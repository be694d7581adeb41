/** SPEC.md §8, as written ("occured" included): an unknown modal type, or a modal's success handling failed. */
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occured. Please try again later.';
/** SPEC.md §8: a deletion failed. */
export const DELETE_FAILED_MESSAGE = 'Failed to delete item. Please try again.';
/** The unsaved-changes guard. */
export const DISCARD_CHANGES_TITLE = 'Discard changes?';
export const DISCARD_CHANGES_DESCRIPTION = 'The changes you made in this form will be lost.';
/** A session modal opened on a session that is gone (deleted meanwhile, or another practice's id). */
export const SESSION_NOT_LOADED_MESSAGE = 'This session could not be loaded: it may have been deleted.';
