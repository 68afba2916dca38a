import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { buttonClasses } from "~/components/ui/button.ts";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "~/components/ui/dialog.tsx";

type Props = {
  postId: string;
  title: string;
  /** Where the delete is posted: the list or the editor. */
  action: string;
  variant?: "icon" | "button";
};

/** 'Delete' with a confirmation dialog; the post goes only after 'Delete post' is pressed. */
export function DeletePostDialog({ postId, title, action, variant = "button" }: Props) {
  const [open, setOpen] = useState(false);
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete" && navigation.formData.get("postId") === postId;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {variant === "icon" ? (
          <button type="button" className="inline-flex size-10 cursor-pointer items-center justify-center rounded-full text-red-700 hover:bg-red-50">
            <Trash2 aria-hidden="true" className="size-4" />
            <span className="sr-only">Delete “{title}”</span>
          </button>
        ) : (
          <button type="button" className="inline-flex cursor-pointer items-center gap-2 rounded-full border-2 border-red-700 px-5 py-2 text-sm font-semibold text-red-700 hover:bg-red-50">
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </button>
        )}
      </DialogTrigger>
      <DialogContent className="w-[min(94vw,32rem)] p-6 sm:p-8">
        <DialogTitle className="pr-10 text-ink-950">Delete this post?</DialogTitle>
        <DialogDescription className="mt-3 text-ink-700">
          “{title}” will be removed from the blog, the feed and the admin. This cannot be undone.
        </DialogDescription>
        <Form method="post" action={action} className="mt-8 flex flex-wrap justify-end gap-3">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="postId" value={postId} />
          <DialogClose asChild>
            <button type="button" className={buttonClasses("ghost", "md", "cursor-pointer")}>
              Cancel
            </button>
          </DialogClose>
          <button type="submit" disabled={deleting} className="inline-flex cursor-pointer items-center gap-2 rounded-full bg-red-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-70">
            <Trash2 aria-hidden="true" className="size-4" />
            {deleting ? "Deleting…" : "Delete post"}
          </button>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
