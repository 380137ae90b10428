/**
 * Tells the embedding page how tall the widget's content is, so the snippet sizes the iframe to it.
 * The height is not secret: any parent may read it ('*'); the snippet, for its part, accepts messages
 * only from Taquilla's origin and from its own frame.
 */
export const RESIZE_MESSAGE = 'taquilla-widget:resize';

export function reportFrameHeight(element: HTMLElement): () => void {
  if (window.parent === window) return () => undefined;
  let last = 0;
  const post = () => {
    const height = Math.ceil(element.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: RESIZE_MESSAGE, height }, '*');
  };
  const observer = new ResizeObserver(post);
  observer.observe(element);
  post();
  return () => observer.disconnect();
}
