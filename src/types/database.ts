export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "12"
  }
  public: {
    Tables: {
      addresses: {
        Row: {
          city: string
          country: string
          created_at: string
          full_name: string
          id: number
          is_default: boolean
          last_used_at: string
          line1: string
          line2: string | null
          phone: string | null
          postcode: string
          user_id: string
        }
        Insert: {
          city: string
          country: string
          created_at?: string
          full_name: string
          id?: never
          is_default?: boolean
          last_used_at?: string
          line1: string
          line2?: string | null
          phone?: string | null
          postcode: string
          user_id?: string
        }
        Update: {
          city?: string
          country?: string
          created_at?: string
          full_name?: string
          id?: never
          is_default?: boolean
          last_used_at?: string
          line1?: string
          line2?: string | null
          phone?: string | null
          postcode?: string
          user_id?: string
        }
        Relationships: []
      }
      audit_log: {
        Row: {
          action: string
          actor: string | null
          actor_email: string | null
          after: Json | null
          at: string
          before: Json | null
          context: Json | null
          entity: string
          entity_id: string
          id: number
        }
        Insert: {
          action: string
          actor?: string | null
          actor_email?: string | null
          after?: Json | null
          at?: string
          before?: Json | null
          context?: Json | null
          entity: string
          entity_id: string
          id?: never
        }
        Update: {
          action?: string
          actor?: string | null
          actor_email?: string | null
          after?: Json | null
          at?: string
          before?: Json | null
          context?: Json | null
          entity?: string
          entity_id?: string
          id?: never
        }
        Relationships: []
      }
      carriers: {
        Row: {
          code: string
          name: string
          sort_order: number
          tracking_url: string | null
        }
        Insert: {
          code: string
          name: string
          sort_order?: number
          tracking_url?: string | null
        }
        Update: {
          code?: string
          name?: string
          sort_order?: number
          tracking_url?: string | null
        }
        Relationships: []
      }
      cart_items: {
        Row: {
          created_at: string
          item_id: number
          quantity: number
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          item_id: number
          quantity: number
          updated_at?: string
          user_id?: string
        }
        Update: {
          created_at?: string
          item_id?: number
          quantity?: number
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "cart_items_item_id_fkey"
            columns: ["item_id"]
            isOneToOne: false
            referencedRelation: "items"
            referencedColumns: ["id"]
          },
        ]
      }
      categories: {
        Row: {
          created_at: string
          description: string
          id: number
          name: string
          slug: string
          sort_order: number
        }
        Insert: {
          created_at?: string
          description?: string
          id?: never
          name: string
          slug: string
          sort_order?: number
        }
        Update: {
          created_at?: string
          description?: string
          id?: never
          name?: string
          slug?: string
          sort_order?: number
        }
        Relationships: []
      }
      items: {
        Row: {
          archived_at: string | null
          category_id: number
          created_at: string
          currency: string
          description: string
          featured: boolean
          id: number
          image_paths: string[]
          low_stock: boolean
          low_stock_threshold: number
          on_sale: boolean
          options: Json
          price_cents: number
          product_id: number
          search_vector: unknown
          slug: string
          stock: number
          title: string
          updated_at: string
        }
        Insert: {
          archived_at?: string | null
          category_id: number
          created_at?: string
          currency?: string
          description?: string
          featured?: boolean
          id?: never
          image_paths?: string[]
          low_stock?: boolean
          low_stock_threshold?: number
          on_sale?: boolean
          options?: Json
          price_cents: number
          product_id: number
          search_vector?: unknown
          slug: string
          stock?: number
          title: string
          updated_at?: string
        }
        Update: {
          archived_at?: string | null
          category_id?: number
          created_at?: string
          currency?: string
          description?: string
          featured?: boolean
          id?: never
          image_paths?: string[]
          low_stock?: boolean
          low_stock_threshold?: number
          on_sale?: boolean
          options?: Json
          price_cents?: number
          product_id?: number
          search_vector?: unknown
          slug?: string
          stock?: number
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "items_category_id_fkey"
            columns: ["category_id"]
            isOneToOne: false
            referencedRelation: "categories"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "items_product_id_fkey"
            columns: ["product_id"]
            isOneToOne: false
            referencedRelation: "products"
            referencedColumns: ["id"]
          },
        ]
      }
      order_items: {
        Row: {
          id: number
          item_id: number | null
          order_id: number
          quantity: number
          returned_quantity: number
          title: string
          unit_price_cents: number
        }
        Insert: {
          id?: never
          item_id?: number | null
          order_id: number
          quantity: number
          returned_quantity?: number
          title: string
          unit_price_cents: number
        }
        Update: {
          id?: never
          item_id?: number | null
          order_id?: number
          quantity?: number
          returned_quantity?: number
          title?: string
          unit_price_cents?: number
        }
        Relationships: [
          {
            foreignKeyName: "order_items_item_id_fkey"
            columns: ["item_id"]
            isOneToOne: false
            referencedRelation: "items"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "order_items_order_id_fkey"
            columns: ["order_id"]
            isOneToOne: false
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
        ]
      }
      order_returns: {
        Row: {
          actor: string | null
          actor_email: string | null
          created_at: string
          id: number
          lines: Json
          note: string | null
          order_id: number
          refund_cents: number
          restock: boolean
        }
        Insert: {
          actor?: string | null
          actor_email?: string | null
          created_at?: string
          id?: never
          lines: Json
          note?: string | null
          order_id: number
          refund_cents: number
          restock: boolean
        }
        Update: {
          actor?: string | null
          actor_email?: string | null
          created_at?: string
          id?: never
          lines?: Json
          note?: string | null
          order_id?: number
          refund_cents?: number
          restock?: boolean
        }
        Relationships: [
          {
            foreignKeyName: "order_returns_order_id_fkey"
            columns: ["order_id"]
            isOneToOne: false
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
        ]
      }
      orders: {
        Row: {
          access_key: string
          cancelled_at: string | null
          carrier: string | null
          confirmed_at: string | null
          contact_email: string | null
          created_at: string
          currency: string
          delivered_at: string | null
          delivery: Json | null
          id: number
          idempotency_key: string | null
          item_count: number
          packed_at: string | null
          reference: string
          returned_at: string | null
          shipped_at: string | null
          status: string
          total_cents: number
          tracking_number: string | null
          tracking_url: string | null
          updated_at: string
          user_id: string | null
        }
        Insert: {
          access_key?: string
          cancelled_at?: string | null
          carrier?: string | null
          confirmed_at?: string | null
          contact_email?: string | null
          created_at?: string
          currency?: string
          delivered_at?: string | null
          delivery?: Json | null
          id?: never
          idempotency_key?: string | null
          item_count: number
          packed_at?: string | null
          reference?: string
          returned_at?: string | null
          shipped_at?: string | null
          status?: string
          total_cents: number
          tracking_number?: string | null
          tracking_url?: string | null
          updated_at?: string
          user_id?: string | null
        }
        Update: {
          access_key?: string
          cancelled_at?: string | null
          carrier?: string | null
          confirmed_at?: string | null
          contact_email?: string | null
          created_at?: string
          currency?: string
          delivered_at?: string | null
          delivery?: Json | null
          id?: never
          idempotency_key?: string | null
          item_count?: number
          packed_at?: string | null
          reference?: string
          returned_at?: string | null
          shipped_at?: string | null
          status?: string
          total_cents?: number
          tracking_number?: string | null
          tracking_url?: string | null
          updated_at?: string
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "orders_carrier_fkey"
            columns: ["carrier"]
            isOneToOne: false
            referencedRelation: "carriers"
            referencedColumns: ["code"]
          },
        ]
      }
      products: {
        Row: {
          assembly: string
          care: string
          category_id: number
          created_at: string
          depth_cm: number | null
          description: string
          height_cm: number | null
          id: number
          materials: string
          published_at: string | null
          slug: string
          title: string
          updated_at: string
          weight_kg: number | null
          width_cm: number | null
        }
        Insert: {
          assembly?: string
          care?: string
          category_id: number
          created_at?: string
          depth_cm?: number | null
          description?: string
          height_cm?: number | null
          id?: never
          materials?: string
          published_at?: string | null
          slug: string
          title: string
          updated_at?: string
          weight_kg?: number | null
          width_cm?: number | null
        }
        Update: {
          assembly?: string
          care?: string
          category_id?: number
          created_at?: string
          depth_cm?: number | null
          description?: string
          height_cm?: number | null
          id?: never
          materials?: string
          published_at?: string | null
          slug?: string
          title?: string
          updated_at?: string
          weight_kg?: number | null
          width_cm?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "products_category_id_fkey"
            columns: ["category_id"]
            isOneToOne: false
            referencedRelation: "categories"
            referencedColumns: ["id"]
          },
        ]
      }
      profiles: {
        Row: {
          avatar_path: string | null
          created_at: string
          display_name: string | null
          id: string
          updated_at: string
        }
        Insert: {
          avatar_path?: string | null
          created_at?: string
          display_name?: string | null
          id: string
          updated_at?: string
        }
        Update: {
          avatar_path?: string | null
          created_at?: string
          display_name?: string | null
          id?: string
          updated_at?: string
        }
        Relationships: []
      }
      role_permissions: {
        Row: {
          permission: Database["public"]["Enums"]["app_permission"]
          role: Database["public"]["Enums"]["app_role"]
        }
        Insert: {
          permission: Database["public"]["Enums"]["app_permission"]
          role: Database["public"]["Enums"]["app_role"]
        }
        Update: {
          permission?: Database["public"]["Enums"]["app_permission"]
          role?: Database["public"]["Enums"]["app_role"]
        }
        Relationships: []
      }
      saved_items: {
        Row: {
          created_at: string
          item_id: number
          user_id: string
        }
        Insert: {
          created_at?: string
          item_id: number
          user_id?: string
        }
        Update: {
          created_at?: string
          item_id?: number
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "saved_items_item_id_fkey"
            columns: ["item_id"]
            isOneToOne: false
            referencedRelation: "items"
            referencedColumns: ["id"]
          },
        ]
      }
      search_synonyms: {
        Row: {
          alternatives: string[]
          term: string
        }
        Insert: {
          alternatives: string[]
          term: string
        }
        Update: {
          alternatives?: string[]
          term?: string
        }
        Relationships: []
      }
      search_terms: {
        Row: {
          term: string
        }
        Insert: {
          term: string
        }
        Update: {
          term?: string
        }
        Relationships: []
      }
      stock_movements: {
        Row: {
          actor: string | null
          actor_email: string | null
          created_at: string
          delta: number
          id: number
          item_id: number
          note: string | null
          order_id: number | null
          reason: string
        }
        Insert: {
          actor?: string | null
          actor_email?: string | null
          created_at?: string
          delta: number
          id?: never
          item_id: number
          note?: string | null
          order_id?: number | null
          reason: string
        }
        Update: {
          actor?: string | null
          actor_email?: string | null
          created_at?: string
          delta?: number
          id?: never
          item_id?: number
          note?: string | null
          order_id?: number | null
          reason?: string
        }
        Relationships: [
          {
            foreignKeyName: "stock_movements_item_id_fkey"
            columns: ["item_id"]
            isOneToOne: false
            referencedRelation: "items"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "stock_movements_order_id_fkey"
            columns: ["order_id"]
            isOneToOne: false
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
        ]
      }
      store_pages: {
        Row: {
          id: number
          sections: Json
          slug: string
          summary: string
          title: string
          updated_at: string
        }
        Insert: {
          id?: never
          sections: Json
          slug: string
          summary: string
          title: string
          updated_at?: string
        }
        Update: {
          id?: never
          sections?: Json
          slug?: string
          summary?: string
          title?: string
          updated_at?: string
        }
        Relationships: []
      }
      store_profile: {
        Row: {
          address_line1: string
          city: string
          company_number: string | null
          contact_email: string
          country: string
          id: number
          legal_name: string
          name: string
          phone: string | null
          postcode: string
          time_zone: string
          updated_at: string
          vat_id: string | null
        }
        Insert: {
          address_line1: string
          city: string
          company_number?: string | null
          contact_email: string
          country: string
          id?: number
          legal_name: string
          name: string
          phone?: string | null
          postcode: string
          time_zone?: string
          updated_at?: string
          vat_id?: string | null
        }
        Update: {
          address_line1?: string
          city?: string
          company_number?: string | null
          contact_email?: string
          country?: string
          id?: number
          legal_name?: string
          name?: string
          phone?: string | null
          postcode?: string
          time_zone?: string
          updated_at?: string
          vat_id?: string | null
        }
        Relationships: []
      }
      user_roles: {
        Row: {
          granted_at: string
          role: Database["public"]["Enums"]["app_role"]
          user_id: string
        }
        Insert: {
          granted_at?: string
          role: Database["public"]["Enums"]["app_role"]
          user_id: string
        }
        Update: {
          granted_at?: string
          role?: Database["public"]["Enums"]["app_role"]
          user_id?: string
        }
        Relationships: []
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      adjust_stock: {
        Args: { delta: number; item_id: number; note?: string; reason: string }
        Returns: Json
      }
      admin_customer: { Args: { customer: string }; Returns: Json }
      admin_order: { Args: { order_id: number }; Returns: Json }
      authorize: {
        Args: { requested: Database["public"]["Enums"]["app_permission"] }
        Returns: boolean
      }
      begin_guest_transfer: { Args: never; Returns: string }
      cancel_order: { Args: { order_id: number }; Returns: Json }
      claim_order_notifications: { Args: { order_id: number }; Returns: Json }
      claim_stock_alert: { Args: { alert_id: number }; Returns: Json }
      clean_delivery: { Args: { delivery: Json }; Returns: Json }
      complete_order_notification: {
        Args: { notification_id: number }
        Returns: undefined
      }
      complete_stock_alert: { Args: { alert_id: number }; Returns: undefined }
      contact_email_problem: { Args: { email: string }; Returns: string }
      create_product: {
        Args: {
          assembly?: string
          care?: string
          category_id: number
          depth_cm?: number
          description?: string
          height_cm?: number
          materials?: string
          options?: Json
          price_cents: number
          stock: number
          title: string
          variant_slug: string
          variant_title?: string
          weight_kg?: number
          width_cm?: number
        }
        Returns: number
      }
      custom_access_token_hook: { Args: { event: Json }; Returns: Json }
      delivery_problems: { Args: { delivery: Json }; Returns: Json }
      fail_order_notification: {
        Args: { notification_id: number; reason: string }
        Returns: undefined
      }
      fail_stock_alert: {
        Args: { alert_id: number; reason: string }
        Returns: undefined
      }
      finish_guest_transfer: { Args: { token: string }; Returns: Json }
      is_avatar_owner: { Args: { object_name: string }; Returns: boolean }
      item_page_status: { Args: { item_slug: string }; Returns: string }
      merge_cart: { Args: { lines: Json }; Returns: Json }
      merge_saved_items: { Args: { item_ids: number[] }; Returns: Json }
      order_by_link: {
        Args: { access_key: string; reference: string }
        Returns: Json
      }
      order_notification_states: {
        Args: { order_id: number }
        Returns: {
          attempts: number
          kind: string
          last_error: string
          next_attempt_at: string
          sent_at: string
          state: string
        }[]
      }
      orders_export: {
        Args: { from_date: string; to_date: string }
        Returns: {
          carrier: string
          country: string
          currency: string
          customer_email: string
          customer_name: string
          items: number
          order_number: number
          placed_at: string
          reference: string
          refunded: number
          status: string
          total: number
          tracking_number: string
        }[]
      }
      place_order: {
        Args: {
          contact_email?: string
          delivery: Json
          idempotency_key: string
          lines?: Json
        }
        Returns: Json
      }
      record_return: {
        Args: {
          lines: Json
          note?: string
          order_id: number
          restock?: boolean
        }
        Returns: Json
      }
      retired_item: {
        Args: { item_slug: string }
        Returns: {
          category_id: number
          category_name: string
          category_slug: string
          title: string
        }[]
      }
      same_letters: { Args: { a: string; b: string }; Returns: boolean }
      saved_item_details: {
        Args: never
        Returns: {
          currency: string
          image_paths: string[]
          item_id: number
          on_sale: boolean
          price_cents: number
          saved_at: string
          slug: string
          stock: number
          title: string
        }[]
      }
      search_items: {
        Args: {
          category?: string
          featured?: boolean
          in_stock?: boolean
          max_price?: number
          min_price?: number
          page?: number
          page_size?: number
          query?: string
          sort?: string
        }
        Returns: Json
      }
      search_orders: {
        Args: {
          customer?: string
          from_date?: string
          page?: number
          page_size?: number
          query?: string
          statuses?: string[]
          to_date?: string
        }
        Returns: Json
      }
      search_query: {
        Args: { input: string; with_synonyms?: boolean }
        Returns: unknown
      }
      search_suggestion: { Args: { input: string }; Returns: string }
      search_words: { Args: { input: string }; Returns: string[] }
      set_default_address: { Args: { address_id: number }; Returns: undefined }
      set_order_status: {
        Args: { order_id: number; status: string }
        Returns: Json
      }
      ship_order: {
        Args: { carrier: string; order_id: number; tracking_number?: string }
        Returns: Json
      }
      stock_alert_states: {
        Args: { item_id?: number }
        Returns: {
          attempts: number
          created_at: string
          id: number
          item_id: number
          last_error: string
          sent_at: string
          state: string
          stock: number
          threshold: number
        }[]
      }
      store_overview: { Args: never; Returns: Json }
      unaccented: { Args: { input: string }; Returns: string }
      valid_page_sections: { Args: { sections: Json }; Returns: boolean }
      valid_variant_options: { Args: { options: Json }; Returns: boolean }
    }
    Enums: {
      app_permission:
        | "items.write"
        | "stock.write"
        | "orders.manage"
        | "audit.read"
      app_role: "staff"
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {
      app_permission: [
        "items.write",
        "stock.write",
        "orders.manage",
        "audit.read",
      ],
      app_role: ["staff"],
    },
  },
} as const
