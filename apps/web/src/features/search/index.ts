export { SearchPaletteProvider, useSearchPalette } from './SearchPaletteProvider';
export { SearchButton } from './SearchButton';
export { useRevealPassage } from './useRevealPassage';
