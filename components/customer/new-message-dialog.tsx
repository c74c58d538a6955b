"use client";

import { Send, SquarePen } from "lucide-react";
import { useState, useTransition } from "react";
import { toast } from "sonner";

import { sendMessageAction } from "@/actions/customer";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { idleState } from "@/lib/action-state";
import { LIMITS } from "@/lib/validations/fields";
import { MISSING_MESSAGE } from "@/lib/validations/customer";

import { toastResult } from "./action-feedback";

/** New Message: Send Message to Support. Blank subject or message: 'Missing Information'. */
export function NewMessageDialog({ label = "New Message" }: { label?: string }) {
  const [open, setOpen] = useState(false);
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const [pending, startTransition] = useTransition();

  const send = (event: React.FormEvent) => {
    event.preventDefault();
    if (!subject.trim() || !message.trim()) {
      toast.error(MISSING_MESSAGE.title, { description: MISSING_MESSAGE.message });
      return;
    }
    startTransition(async () => {
      try {
        const state = await sendMessageAction(idleState, { subject, message });
        toastResult(state, "Send Failed");
        if (state.status === "success") {
          setSubject("");
          setMessage("");
          setOpen(false);
        }
      } catch {
        toast.error("Send Failed", {
          description: "Failed to send your message. Please try again.",
        });
      }
    });
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <SquarePen aria-hidden="true" />
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <form noValidate onSubmit={send} className="grid gap-4" aria-busy={pending}>
          <DialogHeader>
            <DialogTitle className="font-display text-xl text-forest-deep">
              Send Message to Support
            </DialogTitle>
            <DialogDescription>Our team in Kampala replies within 24 hours.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="message-subject">Subject</Label>
            <Input
              id="message-subject"
              value={subject}
              onChange={(e) => setSubject(e.target.value)}
              maxLength={LIMITS.subject}
              placeholder="What is your message about?"
              className="h-11"
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="message-body">Message</Label>
            <Textarea
              id="message-body"
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              maxLength={LIMITS.message}
              rows={6}
              placeholder="How can we help?"
              className="field-sizing-fixed resize-y"
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              <Send aria-hidden="true" />
              {pending ? "Sending..." : "Send Message"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
