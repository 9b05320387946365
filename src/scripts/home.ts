/**
 * The home page's one script entry (issue 14: every script is a request, and
 * each answer carries ~0.5 KB of headers): `<featured-games>` and
 * `<bet-feed>`, the two live lists below the banners.
 */
import './home-featured.ts';
import './bet-feed.ts';
