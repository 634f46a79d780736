/**
 * A valuer of the company: GET /api/valuers (an array, deleted valuers never listed), and the
 * answer of POST /api/valuers and PUT /api/valuers/:id.
 */
export interface Valuer {
  id: number;
  userId: number | null;
  companyId: number;
  name: string;
  phone: string | null;
  qualification: string | null;
  /** The valuer's registration number with their professional body, shown on certificates. */
  registrationNumber: string | null;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}
