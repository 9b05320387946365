import { playerHref } from '../stores/paged-lists.ts';

/** A player named by a history table: the name and number, a link to the profile when the role may open it. */
export function PlayerRef({ id, name }: { id: number; name: string }) {
  const href = playerHref(id);
  return (
    <>
      {href ? (
        <a href={href} data-nav>
          {name}
        </a>
      ) : (
        name
      )}{' '}
      <span className="muted">#{id}</span>
    </>
  );
}
