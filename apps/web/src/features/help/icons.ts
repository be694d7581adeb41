/** The Need-help icons, from lucide (https://lucide.dev), the app's one icon set (see app/icons.ts for the shell's). */
export { BookOpen, CircleHelp, Download, LifeBuoy, Mail, MessageSquareHeart, Phone, SearchX, Star } from 'lucide-react';
