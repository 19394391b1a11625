
interface LegacyWindow {
  legacyFlag: boolean;
}
