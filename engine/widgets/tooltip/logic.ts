/** Below this content width the layout is narrow. */
export const NARROW_LAYOUT_PX = 600;
/** Resizes are handled at most this often. */
export const RESIZE_THROTTLE_MS = 200;

/** The tooltip's width: 90 percent of the content width on narrow layouts, two thirds otherwise. */
export function tooltipWidth(contentWidth: number, narrowBelow = NARROW_LAYOUT_PX): number {
  return Math.round(contentWidth < narrowBelow ? contentWidth * 0.9 : (contentWidth * 2) / 3);
}
