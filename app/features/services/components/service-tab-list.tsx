import { ChevronRight } from "lucide-react";
import type { Ref } from "react";
import { TabsList, TabsTrigger } from "~/components/ui/tabs.tsx";
import { services } from "~/content/services.ts";
import type { ServiceId } from "~/content/types.ts";
import { ServiceIcon } from "./service-icon.tsx";

type Props = {
  ref?: Ref<HTMLDivElement>;
  /** Clicks, Enter and Space on a tab (under 1024px these open the overlay). */
  onActivate: (id: ServiceId) => void;
};

/** The six services as a vertical tab list: cards on a phone, a side menu on a desktop. */
export function ServiceTabList({ ref, onActivate }: Props) {
  return (
    <TabsList ref={ref} variant="plain" aria-label="Our services" className="flex flex-col gap-3">
      {services.map((service) => (
        <TabsTrigger
          key={service.id}
          value={service.id}
          variant="plain"
          data-service={service.id}
          onClick={() => onActivate(service.id)}
          className="group flex w-full items-center gap-4 rounded-2xl bg-white p-4 text-left shadow-sm ring-1 ring-ink-100 transition hover:ring-ink-300 lg:data-[state=active]:bg-ink-900 lg:data-[state=active]:ring-ink-900"
        >
          <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-ink-50 text-ink-800 lg:group-data-[state=active]:bg-sun-500 lg:group-data-[state=active]:text-ink-950">
            <ServiceIcon id={service.id} className="size-6" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block font-semibold text-ink-900 lg:group-data-[state=active]:text-white">
              {service.title}
            </span>
            <span className="mt-0.5 block text-sm leading-snug text-ink-600 lg:group-data-[state=active]:text-ink-200"
            >
              {service.summary}
            </span>
          </span>
          <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-ink-500 lg:hidden" />
        </TabsTrigger>
      ))}
    </TabsList>
  );
}
