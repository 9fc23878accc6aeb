import { Box } from '@mantine/core';
import { Outlet } from 'react-router';

/** Blank layout: sign-in, errors and special pages. */
export function BlankLayout() {
  return (
    <Box component="main" id="main" mih="100dvh" className="mms-blank">
      <Outlet />
    </Box>
  );
}
