// The classes of the four dialog frames (./Dialog.tsx): a centred card from 768 px (full screen on
// phones), a bottom sheet on phones, a side sheet from 768 px, and full screen at every width.
// Whole class strings, so UnoCSS finds every utility in the source.
export const FRAME = {
  card: {
    backdrop: 'fixed inset-0 z-[70] flex items-stretch justify-center bg-black/50 md:items-center md:p-6',
    dialog:
      'relative flex h-full w-full flex-col overflow-hidden bg-card text-ink shadow-2xl outline-none md:h-auto md:max-h-[min(90vh,52rem)] md:max-w-2xl md:rounded-2xl',
    header: 'flex flex-none items-center gap-3 border-b border-b-solid border-line px-4 py-3',
    footer: 'flex-none border-t border-t-solid border-line bg-card px-4 py-3 pb-[calc(.75rem+env(safe-area-inset-bottom,0px))]',
  },
  bottom: {
    backdrop: 'fixed inset-0 z-[70] flex items-end justify-center bg-black/50 md:items-center md:p-6',
    dialog:
      'relative flex max-h-[92vh] w-full flex-col overflow-hidden rounded-t-2xl bg-card text-ink shadow-2xl outline-none md:max-h-[min(90vh,52rem)] md:max-w-lg md:rounded-2xl',
    header: 'flex flex-none items-center gap-3 border-b border-b-solid border-line px-4 py-3',
    footer: 'flex-none border-t border-t-solid border-line bg-card px-4 py-3 pb-[calc(.75rem+env(safe-area-inset-bottom,0px))]',
  },
  side: {
    backdrop: 'fixed inset-0 z-[70] flex justify-end bg-black/50',
    dialog: 'relative flex h-full w-full flex-col overflow-hidden bg-card text-ink shadow-2xl outline-none md:max-w-md',
    header: 'flex flex-none items-center gap-3 border-b border-b-solid border-line px-4 py-3',
    footer: 'flex-none border-t border-t-solid border-line bg-card px-4 py-3 pb-[calc(.75rem+env(safe-area-inset-bottom,0px))]',
  },
  full: {
    backdrop: 'fixed inset-0 z-[75] flex bg-black/50',
    dialog: 'relative flex h-full w-full flex-col overflow-hidden bg-card text-ink outline-none',
    header: 'flex flex-none items-center gap-2 border-b border-b-solid border-line px-3 py-2 md:px-6',
    footer: 'flex-none border-t border-t-solid border-line bg-card px-4 py-3 pb-[calc(.75rem+env(safe-area-inset-bottom,0px))] md:px-6',
  },
};
