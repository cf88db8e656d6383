// govuk-frontend ships no type declarations; only the parts the app uses are described.
declare module 'govuk-frontend' {
  export class Component {
    constructor($root: Element | null, config?: unknown);
  }
  export class ServiceNavigation extends Component {}
  export class SkipLink extends Component {}
  export class NotificationBanner extends Component {}
}
