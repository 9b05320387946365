import { type ChangeEvent, useLayoutEffect, useRef } from 'react';
import { applyMask } from '../../lib/forms/mask.ts';

/**
 * A controlled input whose text goes through `format` (`src/lib/forms/mask.ts`)
 * on every edit, with the caret put back where the mask says once React has
 * rendered the new text. Without `format` the text passes through unchanged.
 */
export function useMaskedInput(value: string, onValue: (value: string) => void, format?: (text: string) => string) {
  const ref = useRef<HTMLInputElement>(null);
  const pending = useRef<number | null>(null);

  useLayoutEffect(() => {
    const input = ref.current;
    const caret = pending.current;
    pending.current = null;
    if (input && caret !== null && input.ownerDocument.activeElement === input) input.setSelectionRange(caret, caret);
  });

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    if (!format) {
      onValue(input.value);
      return;
    }
    const next = applyMask(
      {
        value: input.value,
        caret: input.selectionStart ?? input.value.length,
        previous: value,
        inputType: (event.nativeEvent as Partial<InputEvent>).inputType,
      },
      format,
    );
    pending.current = next.caret;
    onValue(next.value);
    // When the mask gives back the text already shown, React renders nothing: place the caret here.
    queueMicrotask(() => {
      if (input.ownerDocument.activeElement === input && input.value === next.value) input.setSelectionRange(next.caret, next.caret);
    });
  };

  return { ref, onChange };
}
