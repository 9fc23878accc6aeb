import type { learningObjectivesId } from './id.ts';

/** English texts of the learning objectives (TP) screen and the TP picker. */
export const learningObjectivesEn: typeof learningObjectivesId = {
  tp: {
    title: 'Learning objectives (TP)',
    lead: "TPs per subject and grade in the active school year. Score columns and questions are tagged with TPs, so each student's mastery of a TP is known and the report card's description can be drafted.",
    pair: 'Subject and grade',
    pairPlaceholder: 'Choose a subject and grade',
    noChoices: 'You teach no subject this year, so there are no TPs to open.',
    choose: 'Choose a subject and grade to see its TPs.',
    label: 'Learning objectives',
    search: 'Search a TP’s code or wording',
    position: 'Order',
    code: 'Code',
    description: 'Wording',
    tags: 'Used by',
    tagsValue: '{{columns}} score columns, {{questions}} questions',
    columnTags: 'Tagged score columns',
    questionTags: 'Tagged questions',
    add: 'Add TP',
    edit: 'Edit TP',
    empty: 'No TPs for this subject and grade yet.',
    readOnly:
      "You can read these TPs; the subject's teachers of this grade or the vice-principal for curriculum change them.",
    deleteTitle: 'Delete TP',
    deleteText:
      'Delete TP {{code}}? Its tags on {{columns}} score columns and {{questions}} questions are removed too.',
    codeHint: 'For example TP 7.1',
    positionHint: 'Leave empty to put it last',
    picker: 'Learning objectives (TP)',
    pickerPlaceholder: 'Choose the TPs it measures',
    pickerEmpty: 'No TPs for this subject and grade yet',
    pickerHint: "Students' mastery of each TP is read from this column's scores.",
    save: 'Save',
    cancel: 'Cancel',
    exportName: 'learning-objectives',
  },
};
