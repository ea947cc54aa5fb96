import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../test/render';
import { QaPage } from './QaPage';
import { answers } from './qaContent';

function resultValues() {
  const block = screen.getByRole('region', { name: 'Search Product is :' });
  const values = within(block)
    .getAllByRole('definition')
    .map((dd) => dd.textContent);
  return values;
}

async function search(text: string) {
  const input = screen.getByRole('textbox', { name: 'Product name' });
  await userEvent.clear(input);
  if (text) await userEvent.type(input, text);
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
}

describe('the Question and Answer page', () => {
  it('has the heading, five written answers and a title', () => {
    renderPage(<QaPage />, '/about');
    expect(screen.getByRole('heading', { level: 1, name: 'Question And Answer' })).toBeVisible();
    expect(answers).toHaveLength(5);
    for (const answer of answers) {
      const heading = screen.getByRole('heading', { level: 2, name: answer.question });
      expect(heading.closest('article')).toHaveTextContent(answer.paragraphs[0]!);
      // The contents list links to each answer.
      expect(screen.getByRole('link', { name: answer.question })).toHaveAttribute(
        'href',
        `#${answer.id}`,
      );
    }
    expect(document.title).toBe('Question And Answer | Tyre & Auto Parts Store');
  });

  it('has the spec’s search form: one text input named product and a Search button', () => {
    renderPage(<QaPage />, '/about');
    const form = screen.getByRole('search', { name: 'Demo product search' });
    const inputs = form.querySelectorAll('input');
    expect(inputs).toHaveLength(1);
    expect(inputs[0]).toHaveAttribute('name', 'product');
    expect(inputs[0]).toHaveAttribute('type', 'text');
    expect(inputs[0]).toHaveAttribute('placeholder', 'Search Product');
    expect(within(form).getByRole('button', { name: 'Search' })).toHaveAttribute('type', 'submit');
  });

  it('starts empty, shows an exact match, and keeps it when a search finds nothing', async () => {
    renderPage(<QaPage />, '/about');
    expect(resultValues()).toEqual(['—', '—', '—']);

    await search('mouse');
    const [name, price, description] = resultValues();
    expect([name, price]).toEqual(['mouse', '$300.00']);
    expect(description).toMatch(/^Lorem ipsum/);

    for (const miss of ['Mouse', ' keyboard', 'keyboard ', 'key', '']) {
      await search(miss);
      expect(resultValues().slice(0, 2)).toEqual(['mouse', '$300.00']);
    }
    // No "not found" message of any kind.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/not found|no match|no result/i)).not.toBeInTheDocument();

    await search('earphone');
    expect(resultValues().slice(0, 2)).toEqual(['earphone', '$350.00']);
  });

  it('searches on Enter too, as a real form does', async () => {
    renderPage(<QaPage />, '/about');
    await userEvent.type(screen.getByRole('textbox', { name: 'Product name' }), 'pen{Enter}');
    expect(resultValues().slice(0, 2)).toEqual(['pen', '$5.00']);
  });
});
