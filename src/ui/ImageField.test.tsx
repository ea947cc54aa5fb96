import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { pngFile } from '../test/files';
import { ImageField, IMAGE_HINT } from './ImageField';
import { theme } from './theme';

type Props = Parameters<typeof ImageField>[0];

function field(props: Partial<Props> = {}) {
  const onChange = jest.fn();
  const view = render(
    <ThemeProvider theme={theme}>
      <ImageField label="Image" name="image" file={null} onChange={onChange} {...props} />
    </ThemeProvider>,
  );
  return { ...view, onChange };
}

describe('ImageField', () => {
  it('is a labelled picture input with its hint, and no preview until a picture is chosen', () => {
    field();
    const input = screen.getByLabelText('Image');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif,image/webp,image/avif');
    expect(input).toHaveAccessibleDescription(IMAGE_HINT);
    expect(screen.getByText('No picture yet')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('hands the chosen file up and previews it', async () => {
    const file = pngFile('wheel.png');
    const { onChange, rerender } = field();
    await userEvent.upload(screen.getByLabelText('Image'), file);
    expect(onChange).toHaveBeenCalledWith(file);
    rerender(
      <ThemeProvider theme={theme}>
        <ImageField label="Image" name="image" file={file} onChange={onChange} />
      </ThemeProvider>,
    );
    expect(screen.getByRole('img', { name: 'Preview of wheel.png' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
  });

  it('shows the saved picture until another is chosen', () => {
    field({ currentUrl: '/api/images/saved' });
    expect(screen.getByRole('img', { name: 'Current picture' })).toHaveAttribute(
      'src',
      '/api/images/saved',
    );
  });

  it('shows the upload’s progress, busy before the first report', () => {
    const { rerender } = field({ uploading: true, progress: 0 });
    const busy = screen.getByRole('progressbar', { name: 'Uploading picture' });
    expect(busy).not.toHaveAttribute('value');
    rerender(
      <ThemeProvider theme={theme}>
        <ImageField
          label="Image"
          name="image"
          file={null}
          onChange={() => {}}
          uploading
          progress={0.42}
        />
      </ThemeProvider>,
    );
    const bar = screen.getByRole('progressbar', { name: 'Uploading picture' });
    expect(bar).toHaveAttribute('value', '42');
    expect(screen.getByText('42%')).toBeInTheDocument();
  });

  it('marks itself invalid and says why under the input', () => {
    field({ error: 'Image is required' });
    const input = screen.getByLabelText('Image');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(`${IMAGE_HINT} Image is required`);
  });
});
