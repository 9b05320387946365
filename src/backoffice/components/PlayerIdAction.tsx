import { useId, useState, type FormEvent } from 'react';

/** A player-number field and a button beside it (give this mission, grant this box…); the number is checked by the platform. */
export function PlayerIdAction({ label, button, onSubmit }: { label: string; button: string; onSubmit: (userId: number) => Promise<boolean> }) {
  const id = useId();
  const [value, setValue] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await onSubmit(Number(value.trim()))) setValue('');
  };
  return (
    <form className="inline-form" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={id}>{label}</label>
      <input id={id} inputMode="numeric" size={8} value={value} onChange={(e) => setValue(e.target.value)} />
      <button className="button button--small" type="submit">
        {button}
      </button>
    </form>
  );
}
