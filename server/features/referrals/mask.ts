/**
 * A friend's name as their referrer sees it: the first two letters of the
 * first word and the first letter of the others, the rest as `*`
 * ("Maria Silva" → "Ma*** S****"). Enough to recognise a friend one invited,
 * not to learn a stranger's name. Counts characters, not UTF-16 units.
 */
export function maskName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '***';
  return words
    .map((word, index) => {
      const letters = Array.from(word);
      const keep = Math.max(1, Math.min(index === 0 ? 2 : 1, letters.length - 1));
      return letters.slice(0, keep).join('') + '*'.repeat(Math.max(1, letters.length - keep));
    })
    .join(' ');
}
