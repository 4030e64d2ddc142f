// What other features may use of stock-alerts; everything else in the folder is its own.
export { StockAlertForm } from './components/stock-alert-form';
