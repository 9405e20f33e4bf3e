import { describe, expect, it } from 'vitest';
import { DESCRIPTION_MAX_LENGTH } from '@core/curation/description';
import { emptyPermissionSet } from '@core/permissions';
import { descriptionFormSchema, readOnlyReason, storedLength } from './description-form';

const ISIN = 'US0378331005';
const editorWith = (update: string[]) => {
  const set = emptyPermissionSet();
  return {
    isAdmin: false,
    isEditor: true,
    permissions: { ...set, DESCRIPTION: { ...set.DESCRIPTION, read: ['ALL'], update } },
  };
};

describe('description form', () => {
  it("validates with core's rule: empty, too long and HTML are refused", () => {
    expect(descriptionFormSchema.safeParse({ text: '  Fine text.  ' }).success).toBe(true);
    expect(descriptionFormSchema.safeParse({ text: '   ' }).success).toBe(false);
    const long = 'a'.repeat(DESCRIPTION_MAX_LENGTH + 1);
    expect(descriptionFormSchema.safeParse({ text: long }).success).toBe(false);
    expect(descriptionFormSchema.safeParse({ text: '<b>bold</b>' }).success).toBe(false);
  });

  it('counts the characters that will be stored (trimmed)', () => {
    expect(storedLength('  abc \n')).toBe(3);
  });

  it('says why an editor may not update, per ISIN; admins and granted editors may', () => {
    expect(readOnlyReason({ isAdmin: true, isEditor: false, permissions: null }, ISIN)).toBe(
      undefined,
    );
    expect(readOnlyReason(editorWith(['ALL']), ISIN)).toBeUndefined();
    expect(readOnlyReason(editorWith([ISIN]), ISIN)).toBeUndefined();
    expect(readOnlyReason(editorWith(['GB0000000001']), ISIN)).toMatch(/other companies/);
    expect(readOnlyReason(editorWith([]), ISIN)).toMatch(/does not allow changing descriptions/);
  });
});
