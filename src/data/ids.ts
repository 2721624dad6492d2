import type { DataProblem } from '../errors.js';

/**
 * The ids of one kind met while loading a rule set's folders, in order. Within one data
 * folder each id is used once; a later folder (house rules) may use an id again to replace
 * the entry. A repeat names the file and field of both places.
 */
export class FolderIds {
  private folder: string | undefined;
  private readonly seen = new Map<string, { file: string; path: string }>();

  /** `what` names the kind in messages ("token"); leave it out for ids shared by several kinds */
  constructor(private readonly what: string = '') {}

  /**
   * Records `id` found in `file` at `path` (a field path such as "tokens[3].id") of the data
   * folder `folder`; returns the problem when that folder already used the id.
   */
  claim(folder: string, id: string, file: string, path: string): DataProblem | undefined {
    if (folder !== this.folder) {
      this.folder = folder;
      this.seen.clear();
    }
    const earlier = this.seen.get(id);
    if (earlier) {
      return {
        file,
        path,
        message: `duplicate ${this.what ? `${this.what} ` : ''}id "${id}", already used in ${earlier.file} at ${earlier.path}; within one data folder each id is used once (a --data folder may replace a built-in one)`,
      };
    }
    this.seen.set(id, { file, path });
    return undefined;
  }
}
