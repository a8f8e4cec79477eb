/** The status page's "Lost your link?" answer: the same whether or not the e-mail has a lead. */
export const LOST_LINK_SENTENCE =
  'If that e-mail has an application with us, we have just sent it a new link.';
