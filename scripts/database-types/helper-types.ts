/**
 * The fixed parts of the Supabase CLI's TypeScript output, as it prints them: the Json type
 * before Database, and after it the Tables / TablesInsert / TablesUpdate / Enums /
 * CompositeTypes helpers over the default schema. Only the default schema's name varies.
 */

export const JSON_TYPE = `export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]
`;

/** `public` unless told otherwise, as the CLI's PG_META_GENERATE_TYPES_DEFAULT_SCHEMA. */
export function helperTypes(defaultSchema: string): string {
  const schemaOf = (options: string) => `DatabaseWithoutInternals[${options}["schema"]]`;
  const table = 'DefaultSchemaTableNameOrOptions';
  const enumName = 'DefaultSchemaEnumNameOrOptions';
  const composite = 'PublicCompositeTypeNameOrOptions';
  return `type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, ${JSON.stringify(defaultSchema)}>]

export type Tables<
  ${table} extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends ${table} extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (${schemaOf(table)}["Tables"] &
        ${schemaOf(table)}["Views"])
    : never = never,
> = ${table} extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (${schemaOf(table)}["Tables"] &
      ${schemaOf(table)}["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : ${table} extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[${table}] extends {
        Row: infer R
      }
      ? R
      : never
    : never

${tableHelper('TablesInsert', 'Insert', 'I')}

${tableHelper('TablesUpdate', 'Update', 'U')}

export type Enums<
  ${enumName} extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends ${enumName} extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof ${schemaOf(enumName)}["Enums"]
    : never = never,
> = ${enumName} extends {
  schema: keyof DatabaseWithoutInternals
}
  ? ${schemaOf(enumName)}["Enums"][EnumName]
  : ${enumName} extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][${enumName}]
    : never

export type CompositeTypes<
  ${composite} extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends ${composite} extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof ${schemaOf(composite)}["CompositeTypes"]
    : never = never,
> = ${composite} extends {
  schema: keyof DatabaseWithoutInternals
}
  ? ${schemaOf(composite)}["CompositeTypes"][CompositeTypeName]
  : ${composite} extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][${composite}]
    : never
`;
}

/** TablesInsert and TablesUpdate differ only in the member they pick. */
function tableHelper(name: string, member: 'Insert' | 'Update', inferred: string): string {
  const table = 'DefaultSchemaTableNameOrOptions';
  return `export type ${name}<
  ${table} extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends ${table} extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[${table}["schema"]]["Tables"]
    : never = never,
> = ${table} extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[${table}["schema"]]["Tables"][TableName] extends {
      ${member}: infer ${inferred}
    }
    ? ${inferred}
    : never
  : ${table} extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][${table}] extends {
        ${member}: infer ${inferred}
      }
      ? ${inferred}
      : never
    : never`;
}
