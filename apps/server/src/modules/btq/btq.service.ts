/**
 * BTQ set-up (issue 16): methods and levels, grade cut-offs, ustadz, groups, leveling, group presence.
 * `currentLevelsOf` and `groupsOfTeacherUser` are the functions other modules (BTQ progress) call.
 */
export { currentLevelsOf, groupsOfTeacherUser, seesAllGroups, teacherRowsOfUser, type CurrentLevel } from './btq.access.ts';
