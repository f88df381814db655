const SITE_NAME = 'Lumen';
const DEFAULT_DESCRIPTION = 'Lumen: a calm catalog of things for the home. Browse, search, keep a cart and send order requests.';

/**
 * React 19 hoists <title> and <meta> into <head>; every route renders exactly one of these,
 * giving each page a unique title, a description and Open Graph tags.
 */
export function PageTitle({ title, description = DEFAULT_DESCRIPTION }: { title?: string; description?: string }) {
  const fullTitle = title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} — a calm catalog`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={SITE_NAME} />
    </>
  );
}
