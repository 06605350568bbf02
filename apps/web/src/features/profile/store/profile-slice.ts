import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { FAILED_TO_FETCH_USER_PROFILE, type UserProfile } from '@codedocs/contract';
import { addLoadCases, createLoadState, createLoadThunk, type LoadState } from '@/lib/load-status';
import { getProfile } from '../api/get-profile';

/** The profile with its load status (spec section 4); starts idle. */
export interface ProfileState extends LoadState {
  data: UserProfile | null;
}

type State = { profile: ProfileState };

const initialState: ProfileState = { ...createLoadState(), data: null };

/** Loads `GET /api/v0/user`; skipped while a fetch is under way. */
export const fetchProfile = createLoadThunk<UserProfile, void, State>('profile/fetch', {
  load: (_arg, signal) => getProfile(signal),
  selectLoadState: (state) => state.profile,
  defaultMessage: FAILED_TO_FETCH_USER_PROFILE,
});

export const profileSlice = createSlice({
  name: 'profile',
  initialState,
  reducers: {
    /** The profile a save answered with. */
    profileUpdated(state, action: PayloadAction<UserProfile>) {
      state.data = action.payload;
    },
  },
  extraReducers: (builder) => {
    addLoadCases<ProfileState, ProfileState, UserProfile, void, State>(
      builder,
      fetchProfile,
      (state) => state,
      {
        onFulfilled: (slot, profile) => {
          slot.data = profile;
        },
      },
    );
  },
});

export const { profileUpdated } = profileSlice.actions;
export const profileReducer = profileSlice.reducer;

/** Selects the profile state. */
export const selectProfileState = (state: State): ProfileState => state.profile;
/** Selects the loaded profile, or null. */
export const selectProfile = (state: State): UserProfile | null => state.profile.data;
