import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Every password input of MMS: its show/hide toggle is a named button that the keyboard reaches
 * (Mantine's default keeps it out of the tab order and unnamed).
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordField(props, ref) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      ref={ref}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('app.showPassword') }}
      {...props}
    />
  );
});
