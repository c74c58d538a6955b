"use client";

import { useEffect } from "react";

import { toastError } from "@/components/forms/load-toast";

/** Unlike the other admin lists, a failed read of the tours is toasted with its error. */
export function FetchErrorToast({ message }: { message: string }) {
  useEffect(() => {
    void toastError({ title: "Error fetching tours", message });
  }, [message]);
  return null;
}
