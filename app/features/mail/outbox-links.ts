/** Where the admin downloads an e-mail's attachment (routes/admin/outbox-attachment.ts). */
export function outboxAttachmentHref(emailId: string, index: number): string {
  return `/admin/outbox/${encodeURIComponent(emailId)}/attachments/${index}`;
}
