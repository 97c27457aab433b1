-- Issue 23 (PDPA purpose limitation): sign-up no longer asks for a birthday, which nothing used;
-- the birthdays collected for a treat that never came are erased with the column.
ALTER TABLE "loyalty_members" DROP COLUMN "birthday";