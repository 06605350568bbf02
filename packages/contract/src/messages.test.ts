import { describe, expect, it } from 'vitest';
import * as messages from './messages';

describe('spec messages', () => {
  it('are the verbatim strings of the specification', () => {
    expect({ ...messages, changesSavedAt: undefined }).toEqual({
      FAILED_TO_CONNECT_REPO: 'Failed to connect repo',
      SOMETHING_WENT_WRONG: 'Something went wrong',
      NO_RESPONSE_FROM_SERVER: 'No response from server',
      FAILED_TO_FETCH_REPOS: 'Failed to fetch repos',
      FAILED_TO_DELETE_REPO: 'Failed to delete repo',
      FAILED_TO_SYNC_REPO: 'Failed to sync repo',
      FAILED_TO_FETCH_KEYS: 'Failed to fetch keys',
      FAILED_TO_FETCH_USER_PROFILE: 'Failed to fetch user profile',
      FAILED_TO_FETCH_SUBSCRIPTION_DATA: 'Failed to fetch subscription data',
      ERROR_FETCHING_FILES: 'Error fetching files',
      ERROR_FETCHING_FILE_CONTENT: 'Error fetching file content',
      ERROR_FETCHING_COMPILATIONS: 'Error fetching compilations',
      ERROR_FETCHING_OBJECTS: 'Error fetching objects',
      SERVER_ERROR: 'Server Error',
      NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND: 'No active parser subscription found',
      SAVING: 'Saving...',
      CHANGES_SAVED_AT: 'Changes saved at',
      FAILED_TO_SAVE: 'Failed to save',
      UNEXPECTED_APPLICATION_ERROR: 'Unexpected Application Error!',
      changesSavedAt: undefined,
    });
  });

  it('puts the time after "Changes saved at"', () => {
    expect(messages.changesSavedAt('10:42:07')).toBe('Changes saved at 10:42:07');
  });
});
