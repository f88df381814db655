const SITE_NAME = 'Lumen';
const DEFAULT_DESCRIPTION = 'Lumen: a calm catalog of things for the home. Browse, search, keep a cart and send order requests.';

/**
 * React 19 hoists <title> and <meta> into <head>; every route renders exactly one of these, giving
 * each page a unique title and a description. The tags for search engines and share cards
 * (canonical address, Open Graph, Twitter card, structured data) are written into the prerendered
 * pages by the build (scripts/seo/), which knows the site's absolute address: crawlers and link
 * previews read the HTML, not what the app renders later.
 */
export function PageTitle({ title, description = DEFAULT_DESCRIPTION }: { title?: string; description?: string }) {
  const fullTitle = title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} — a calm catalog`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
    </>
  );
}
