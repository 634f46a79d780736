// A lender's workspace screens: one lazy chunk, never downloaded by firms, visitors or scanners.
export { PortfolioPage } from "./components/portfolio-page";
export { RecordReliancePage } from "./components/record-reliance-page";
