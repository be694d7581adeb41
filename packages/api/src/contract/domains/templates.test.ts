import { describe, expect, it } from 'vitest';
import { formAsNoteHtml, formDefinitionSchema } from './templates';

describe('a form template as a session note', () => {
  it('given sections with text, choice and scale questions, then headings, bold questions with their answers, and room to write', () => {
    const definition = formDefinitionSchema.parse({
      sections: [
        {
          key: 'risk',
          title: 'Risk <review>',
          fields: [
            { key: 'mood', type: 'scale', label: 'Mood today', scale: { min: 0, max: 10 } },
            { key: 'plan', type: 'choice', label: 'Safety plan reviewed?', options: ['Yes', 'No'] },
          ],
        },
        { key: 'notes', title: 'Notes', fields: [{ key: 'what', type: 'longText', label: 'What we covered & why' }] },
      ],
    });
    expect(formAsNoteHtml(definition)).toBe(
      '<h3>Risk &lt;review&gt;</h3>' +
        '<p><strong>Mood today</strong> (0 to 10)</p><p></p>' +
        '<p><strong>Safety plan reviewed?</strong> (Yes / No)</p><p></p>' +
        '<h3>Notes</h3><p><strong>What we covered &amp; why</strong></p><p></p>',
    );
  });
});
