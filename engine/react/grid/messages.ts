/** The listing grid's messages (spec 2 section 8). */
export const gridMessages = {
  noListService: 'There was an issue contacting the data service.',
  noListMethod: 'No suitable list method was found in the provided service.',
  selectFailed: 'There was a problem selecting the item.',
  locked: 'Some of the items in this table have been locked. You may still view them, but you will not be able to make changes.',
  // Not worded by the specification:
  exportFailed: 'The export could not be completed.',
} as const;
