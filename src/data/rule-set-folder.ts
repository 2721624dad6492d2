/**
 * What a rule set's own folder holds at its top, shared by the loader and the page (which tells
 * a rule set's folder from a folder of rule sets by it, without loading the loader).
 */

/** The files a rule-set folder holds beside its subfolders. */
export const ROOT_FILES: readonly string[] = ['system.yaml', 'sheets.yaml', 'terrain.yaml', 'readings.yaml'];

/** The subfolders every rule set's data may have (its module's own come beside them). */
export const SHARED_FOLDERS: readonly string[] = ['tables', 'cards', 'tokens'];
