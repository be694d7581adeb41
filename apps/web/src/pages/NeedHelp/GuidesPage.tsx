import { Card, EmptyState } from '@halcyon/design-system';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { TextLink } from '../../app/TextLink';
import { guideHref, guides, HELP_PATHS, type Guide } from '../../features/help/content';
import { HelpFooter } from '../../features/help/HelpFooter';
import { HelpHeader } from '../../features/help/HelpHeader';
import { BookOpen } from '../../features/help/icons';
import { Markdown } from '../../features/help/Markdown';
import styles from '../../features/help/help.module.css';

function GuideArticle({ guide }: { guide: Guide }) {
  const position = guides.indexOf(guide);
  const next = guides[position + 1];
  return (
    <div className={styles.page}>
      <HelpHeader
        title={guide.title}
        description={guide.summary}
        parents={[{ label: 'How-to guides', href: HELP_PATHS.guides }]}
      />
      <article aria-label={guide.title}>
        <Markdown source={guide.article} />
      </article>
      <div className={styles.row}>
        <TextLink to={HELP_PATHS.guides}>All how-to guides</TextLink>
        {next && (
          <span className={styles.muted}>
            Next: <TextLink to={guideHref(next)}>{next.title}</TextLink>
          </span>
        )}
      </div>
      <HelpFooter />
    </div>
  );
}

/**
 * /Need-help/How-to-guides: the list of step-by-step guides; `?guide=slug` shows one (links can point straight at it).
 */
export function GuidesPage() {
  const [params] = useSearchParams();
  const slug = params.get('guide');
  if (slug) {
    const guide = guides.find((g) => g.slug.toLowerCase() === slug.toLowerCase());
    if (guide) return <GuideArticle guide={guide} />;
    return (
      <div className={styles.page}>
        <HelpHeader title="How-to guides" />
        <EmptyState
          icon={<BookOpen />}
          title="That guide was not found"
          description="It may have been renamed or removed. Choose a guide from the list, or search the help."
          action={<TextLink to={HELP_PATHS.guides}>See all how-to guides</TextLink>}
        />
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <HelpHeader
        title="How-to guides"
        description="Step-by-step guides to the things every practice does. Each takes a few minutes."
      />
      <ul className={styles.grid} aria-label="Guides">
        {guides.map((guide) => (
          <li key={guide.slug}>
            <Card asChild>
              <RouterLink to={guideHref(guide)} className={styles.cardLink}>
                <span className={styles.cardTitle}>{guide.title}</span>
                <span className={styles.cardText}>{guide.summary}</span>
              </RouterLink>
            </Card>
          </li>
        ))}
      </ul>
      <HelpFooter />
    </div>
  );
}
