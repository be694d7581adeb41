import { TextLink } from '../../app/TextLink';
import { HELP_PATHS } from './content';
import styles from './help.module.css';

/** The end of a help page: where to go when the answer was not there. */
export function HelpFooter() {
  return (
    <p className={styles.muted}>
      Did not find what you need? <TextLink to={HELP_PATHS.index}>Search all of the help</TextLink> or{' '}
      <TextLink to={HELP_PATHS.contact}>contact us</TextLink>.
    </p>
  );
}
