// The call's context while exam.examImport checks and writes its items: the media a file gives
// to many items is decoded, checked, held and written once.
import type { ResourceCheck } from "../media/check-resource";
import type { MediaStore } from "../media/store";
import type { OpContext } from "../operation";
import type { ContentParser } from "../workers/content-parser";

/**
 * The call's context for checking an import: a media file the plan gives to many items (the
 * same Base64 under the same path) is decoded and checked once and held in memory once, and
 * written to the store once.
 */
export function importContext(ctx: OpContext): OpContext {
  return { ...ctx, parser: sharingResources(ctx.parser), media: writingOnce(ctx.media) };
}

function sharingResources(parser: ContentParser): ContentParser {
  const checked = new Map<string, { base64: string; maxBytes: number; result: ResourceCheck }>();
  return {
    async checkResources(items) {
      const results: (ResourceCheck | undefined)[] = items.map((item) => {
        const hit = checked.get(item.path);
        return hit && hit.base64 === item.base64 && hit.maxBytes === item.maxBytes ? hit.result : undefined;
      });
      const todo = items.filter((_, i) => results[i] === undefined);
      const fresh = todo.length > 0 ? await parser.checkResources(todo) : [];
      let k = 0;
      return items.map((item, i) => {
        if (results[i]) return results[i]!;
        const result = fresh[k++]!;
        checked.set(item.path, { base64: item.base64, maxBytes: item.maxBytes, result });
        return result;
      });
    },
    cleanHtml: (fields) => parser.cleanHtml(fields),
    rewriteMediaRefs: (items) => parser.rewriteMediaRefs(items),
    checkQuestion: (task) => parser.checkQuestion(task),
    parseImport: (task, lane) => parser.parseImport(task, lane),
    close: () => parser.close(),
  };
}

function writingOnce(store: MediaStore): MediaStore {
  const written = new Set<string>();
  return {
    async put(name, bytes, contentType) {
      if (written.has(name)) return;
      await store.put(name, bytes, contentType);
      written.add(name);
    },
    get: (name) => store.get(name),
    has: (name) => store.has(name),
    delete: (name) => store.delete(name),
    list: () => store.list(),
  };
}
