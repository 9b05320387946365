/**
 * Loads a third-party script (Turnstile, Google Identity Services) once per
 * page lifetime. The URL always comes from tenant configuration.
 */
const pending = new Map<string, Promise<void>>();

export function loadExternalScript(src: string, doc: Document = document): Promise<void> {
  let promise = pending.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = doc.createElement('script');
      script.src = src;
      script.async = true;
      script.defer = true;
      script.addEventListener('load', () => resolve());
      script.addEventListener('error', () => reject(new Error(`Could not load ${src}`)));
      doc.head.append(script);
    });
    promise.catch(() => pending.delete(src));
    pending.set(src, promise);
  }
  return promise;
}
