import type { Metadata } from "next";

import { ProfileSettings } from "@/components/customer/profile-settings";
import { getMyProfile } from "@/lib/dal/account";

export const metadata: Metadata = { title: "Profile Settings" };

export default async function ProfileSettingsPage() {
  const profile = await getMyProfile();
  return <ProfileSettings profile={profile} />;
}
