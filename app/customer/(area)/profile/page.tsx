import type { Metadata } from "next";

import { AccountSecurity } from "@/components/customer/account-security";
import { ProfileSettings } from "@/components/customer/profile-settings";
import { getMyProfile } from "@/lib/accounts/data/profile";

export const metadata: Metadata = { title: "Profile Settings" };

export default async function ProfileSettingsPage() {
  const profile = await getMyProfile();
  return (
    <div className="grid grid-cols-1 gap-6">
      <ProfileSettings profile={profile} />
      <AccountSecurity />
    </div>
  );
}
