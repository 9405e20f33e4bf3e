/** Product identity shown in the header, footer and static pages. */
export const PRODUCT_NAME = 'StockScope';
export const SUPPORT_EMAIL = 'support@stockscope.example';
