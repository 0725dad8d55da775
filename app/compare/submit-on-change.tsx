'use client';
// A picker's select that submits its form once both sides are chosen, so that a new choice shows its
// results without a click on Compare.
import type { ReactNode } from 'react';

export function SubmitOnChange({
  id,
  name,
  defaultValue,
  testId,
  children,
}: {
  id: string;
  name: string;
  defaultValue: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <select
      id={id}
      name={name}
      defaultValue={defaultValue}
      required
      data-testid={testId}
      onChange={(event) => {
        const form = event.currentTarget.form;
        if (form?.checkValidity()) form.requestSubmit();
      }}
    >
      {children}
    </select>
  );
}
