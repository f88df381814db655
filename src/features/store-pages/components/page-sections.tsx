import type { PageSection } from '../api/store-page-schemas.ts';

/**
 * A store page's body: each section a heading and its paragraphs, as text. Nothing staff type is
 * read as markup (React escapes it), so a stray "<b>" shows as written.
 */
export function PageSections({ sections }: { sections: PageSection[] }) {
  return sections.map((section, index) => (
    <section key={index} className="flex flex-col gap-3">
      <h2 className="text-xl font-semibold tracking-tight text-balance [overflow-wrap:anywhere]">{section.heading}</h2>
      {section.paragraphs.map((paragraph, paragraphIndex) => (
        <p key={paragraphIndex} className="leading-relaxed [overflow-wrap:anywhere]">
          {paragraph}
        </p>
      ))}
    </section>
  ));
}
